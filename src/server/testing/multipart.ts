// Multipart bodies for upload tests (profile picture, staff media, contest photos), encoded by the
// platform's own FormData exactly as a browser sends them.

/** One form field: text when it has no filename, else a file of `type`. */
export type Part = { name: string; content: Buffer | string; filename?: string; type?: string };

/** Encodes parts as multipart/form-data the way a browser's FormData does. */
export async function multipartBody(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.name, String(part.content));
    else
      form.append(
        part.name,
        new Blob([new Uint8Array(Buffer.from(part.content))], { type: part.type ?? 'application/octet-stream' }),
        part.filename,
      );
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
}
