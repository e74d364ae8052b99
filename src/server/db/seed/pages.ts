import type { SeedContext } from './context';

/** The society's own pages, served at `/{slug}`. */
export async function seedPages(_context: SeedContext): Promise<void> {}
