/**
 * `--only pdf_health`: what four large PDFs cost everybody else. Four quotes of 500 lines whose
 * names are in six scripts (Cyrillic, Chinese, Hebrew, Arabic, Korean, Greek: shaped, and set in
 * bidirectional order) have their PDFs asked for at once, and while they render `/health` is asked
 * one request after another; its latencies are the figure (p50, p99, max). The same four PDFs are
 * then asked for again: the quotes have not changed, so they are the kept copies.
 */
const NAMES = ['Кофемашина «Утро»', '办公椅 人体工学', 'כיסא משרדי שחור', 'كرسي مكتب مريح', '사무용 의자', 'Ελληνικός καφές'];

export interface PdfHealth {
  quotes: number;
  lines: number;
  /** Wall time until the four PDFs were all answered, first and second time. */
  render_s: number;
  again_ms: number;
  health_requests: number;
  health_p50_ms: number;
  health_p99_ms: number;
  health_max_ms: number;
  /** /health alone, before the PDFs: the same loop with nothing else running. */
  idle_health_p99_ms: number;
}

type Api = <T = { data: { id: number } }>(method: string, path: string, body?: unknown) => Promise<T>;

export async function measurePdfHealth(api: Api, base: string, token: string, quotes = 4, lines = 500): Promise<PdfHealth> {
  const products: number[] = [];
  for (const [i, name] of NAMES.entries())
    products.push((await api('POST', '/product', { name, sku: `PDF-${i}`, base_price: `${i + 3}.25` })).data.id);
  const ids: number[] = [];
  for (let q = 0; q < quotes; q++) {
    const items = Array.from({ length: lines }, (_, i) => ({ product_id: products[(i + q) % products.length], quantity: 1 + (i % 9) }));
    ids.push((await api('POST', '/quote', { name: `${NAMES[q % NAMES.length]} — ${q}`, items })).data.id);
  }
  const pdf = async (id: number) => {
    const res = await fetch(`${base}/quote/${id}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /quote/${id}/pdf → ${res.status}`);
    await res.arrayBuffer();
  };
  const health = async () => {
    const started = performance.now();
    const res = await fetch(`${base}/health`);
    await res.arrayBuffer();
    return performance.now() - started;
  };
  const idle: number[] = [];
  for (let i = 0; i < 200; i++) idle.push(await health());

  let done = false;
  const started = performance.now();
  const renders = Promise.all(ids.map(pdf)).finally(() => (done = true));
  const during: number[] = [];
  while (!done) during.push(await health());
  await renders;
  const renderS = (performance.now() - started) / 1000;
  const again = performance.now();
  await Promise.all(ids.map(pdf));
  const againMs = performance.now() - again;

  const pct = (xs: number[], p: number) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)].toFixed(1));
  };
  return {
    quotes,
    lines,
    render_s: Number(renderS.toFixed(2)),
    again_ms: Number(againMs.toFixed(1)),
    health_requests: during.length,
    health_p50_ms: pct(during, 50),
    health_p99_ms: pct(during, 99),
    health_max_ms: pct(during, 100),
    idle_health_p99_ms: pct(idle, 99),
  };
}
