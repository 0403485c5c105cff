import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, page by page (pdf.js through unpdf), for assertions on what a reader sees. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text };
}
