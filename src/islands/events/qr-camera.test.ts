import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { decodeQrPixels } from './qr-camera';

/** A QR code drawn as a camera frame would hold it: RGBA pixels, a white margin, each module `scale` pixels. */
function qrPixels(text: string, scale = 4, margin = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = (modules.size + 2 * margin) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy++)
        for (let dx = 0; dx < scale; dx++) {
          const at = (((y + margin) * scale + dy) * size + (x + margin) * scale + dx) * 4;
          data[at] = data[at + 1] = data[at + 2] = 0;
        }
    }
  return { data, size };
}

describe('the camera’s fallback decoding (jsqr)', () => {
  it('reads a ticket’s QR code as the ticket draws it', async () => {
    const url = 'https://portal.example.org/en-us/ticket/Jdmj3256oSmwQp7goSU3w2e0477WiEWPPd9zoO7GCwI';
    const { data, size } = qrPixels(url);
    expect(await decodeQrPixels(data, size, size)).toBe(url);
  });

  it('reads nothing from a frame without a code', async () => {
    const blank = new Uint8ClampedArray(200 * 200 * 4).fill(255);
    expect(await decodeQrPixels(blank, 200, 200)).toBeNull();
  });
});
