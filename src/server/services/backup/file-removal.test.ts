import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createMemoryStorage } from '../../integrations/storage';
import { holdingFilesHere, removeStoredFiles } from './file-removal';

describe('removing stored bytes while a backup holds the files', () => {
  it('waits for the backup to end, then removes them', async () => {
    const storage = createMemoryStorage();
    await storage.put('kept-until-copied.pdf', new Uint8Array([1, 2, 3]));
    const embedded = { engine: 'pglite' } as Database;
    let finishCopy!: () => void;
    const copying = new Promise<void>((resolve) => (finishCopy = resolve));
    let copied: Uint8Array | null = null;
    const backup = holdingFilesHere(async () => {
      await copying;
      const stream = await storage.open('kept-until-copied.pdf');
      copied = stream ? new Uint8Array(await new Response(stream).arrayBuffer()) : null;
    });
    const removal = removeStoredFiles(embedded, storage, ['kept-until-copied.pdf', null]);
    let removed = false;
    void removal.then(() => (removed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(removed).toBe(false);
    finishCopy();
    await backup;
    await removal;
    expect(copied).toEqual(new Uint8Array([1, 2, 3]));
    expect(await storage.open('kept-until-copied.pdf')).toBeNull();
  });
});
