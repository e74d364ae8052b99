import { useEffect, useState } from 'react';

/** The finance office's two queues: reported transfers, and money not applied. */
export type FinanceQueue = 'transfers' | 'surplus';

const DONE = 'finance-queue-done';

/** One entry of a queue was decided or settled: the page's counts of that queue go down by one. */
export function announceDone(queue: FinanceQueue): void {
  window.dispatchEvent(new CustomEvent<FinanceQueue>(DONE, { detail: queue }));
}

/** How many entries of a queue still wait: the page's count, less those decided since it was shown. */
export function useQueueCount(queue: FinanceQueue, initial: number): number {
  const [count, setCount] = useState(initial);
  useEffect(() => {
    const done = (event: Event) => {
      if ((event as CustomEvent<FinanceQueue>).detail === queue) setCount((n) => Math.max(0, n - 1));
    };
    window.addEventListener(DONE, done);
    return () => window.removeEventListener(DONE, done);
  }, [queue]);
  return count;
}
