/**
 * The check-in page's camera (decision record 041): QR codes read from the back camera with the
 * browser's `BarcodeDetector` where it has one, else with `jsqr`, loaded only when the camera starts.
 */

/** What reads QR codes from a video frame. */
type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The text of the QR code in an image's pixels (RGBA), or null: the fallback's decoding. */
export async function decodeQrPixels(data: Uint8ClampedArray, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (
    globalThis as { BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?(): Promise<string[]> } }
  ).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

function canvasReader(): FrameReader {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A frame no larger than 640 px across: enough for a ticket held up, and quick on a phone.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return decodeQrPixels(image.data, image.width, image.height);
  };
}

/**
 * Starts the back camera into `video` and calls `onCode` with each QR code read (a few times a
 * second); the answer stops it. Throws when the browser has no camera here or it is not allowed.
 */
export async function startQrCamera(video: HTMLVideoElement, onCode: (text: string) => void): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('unavailable');
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
  video.srcObject = stream;
  video.setAttribute('playsinline', '');
  video.muted = true;
  await video.play().catch(() => {});
  const read = (await nativeReader()) ?? canvasReader();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (stopped) return;
    try {
      const text = await read(video);
      if (text && !stopped) onCode(text);
    } catch {
      // a frame that cannot be read: the next one may
    }
    if (!stopped) timer = setTimeout(() => void tick(), 250);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
}
