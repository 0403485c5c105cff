// Logs the SQL of one GET /quote by booting the app in-process with statement recording.
process.env.DATABASE_URL = process.argv[2]; process.env.REDIS_URL=''; process.env.LOG_LEVEL='warn'; process.env.RATE_LIMIT_PER_MINUTE='0';
const { createApp } = await import('/work/main/dist/src/app.factory.js');
const { queryCounter } = await import('/work/main/dist/src/database/query-counter.js');
const { DataSource } = await import('typeorm');
const app = await createApp({ logger: ['error'] });
await app.init();
const ds = app.get(DataSource);
const { QuotesRepository } = await import('/work/main/dist/src/modules/quotes/quotes.repository.js');
const repo = app.get(QuotesRepository);
queryCounter.reset(true);
await repo.findOne(ds.manager, '1', { customer: {} });
const sql = queryCounter.statements[0];
console.log(sql);
const t0 = performance.now(); for (let i = 0; i < 50; i++) await repo.findOne(ds.manager, '1', { customer: {} }); console.log('per call ms', (performance.now() - t0) / 50);
const r = await ds.query('EXPLAIN (ANALYZE, BUFFERS) ' + sql, [1, '1']); console.log(r.map(x => x['QUERY PLAN']).join('\n').slice(0, 3000));
await app.close();
