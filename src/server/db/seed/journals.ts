import type { SeedContext } from './context';

/** Journals, their volumes, issues and papers. */
export async function seedJournals(_context: SeedContext): Promise<void> {}
