import { pathToFileURL } from 'node:url';
import { serveTasks } from '../threads/thread-task.js';

/** A render as the pool posts it: the layout module's file and what it draws. */
export interface PdfRenderTask<I> {
  layout: string;
  input: I;
}

/** What a layout module exports by default: its input drawn as a PDF. */
export type PdfLayout<I> = (input: I) => Promise<Uint8Array>;

/** Layout modules by file, loaded on their first render. */
const layouts = new Map<string, Promise<PdfLayout<unknown>>>();

function layoutAt(file: string): Promise<PdfLayout<unknown>> {
  let layout = layouts.get(file);
  if (!layout) {
    layout = import(pathToFileURL(file).href).then((m: { default: PdfLayout<unknown> }) => m.default);
    layouts.set(file, layout);
  }
  return layout;
}

/**
 * A thread of the PDF pool (pdf-render.pool.ts): renders one PDF at a time and answers with its
 * bytes. It holds no state besides the layouts and the fonts it has loaded.
 */
serveTasks<PdfRenderTask<unknown>, Uint8Array>(async (task) => (await layoutAt(task.layout))(task.input));
