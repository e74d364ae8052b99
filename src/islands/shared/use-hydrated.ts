import { useEffect, useState } from 'react';

/**
 * False while the island is still server-rendered markup without its handlers, true once React
 * has hydrated it. Controls stay disabled until then, so an early press or choice is never lost.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
