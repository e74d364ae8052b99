// A test's way to start the built server "later" (the next day, after an event): loaded with
// `node --import` into a server a test starts, it moves the process's clock ahead by
// TEST_CLOCK_AHEAD_MS, so the server's jobs, pages and answers see that day. Only tests load it;
// the product has no such switch. The database's own clock (SQL now()) is not moved.
const ahead = Number(process.env.TEST_CLOCK_AHEAD_MS ?? 0);
if (Number.isFinite(ahead) && ahead !== 0) {
  const RealDate = Date;
  const later = () => RealDate.now() + ahead;
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [later()] : args, newTarget),
    apply: () => new RealDate(later()).toString(),
    get: (target, prop, receiver) => (prop === 'now' ? later : Reflect.get(target, prop, receiver)),
  });
}
