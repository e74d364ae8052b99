/**
 * A drawn PDF (a receipt, a certificate) as a download: personal, so no cache may keep it.
 */
export function pdfResponse(file: { bytes: Buffer; fileName: string }): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(file.bytes.length),
      'Content-Disposition': `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
