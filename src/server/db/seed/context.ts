import type { Db } from '../client';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What each part of the demo seed gets: the transaction, the seed's clock and a way to store files. */
export interface SeedContext {
  tx: Tx;
  now: Date;
  /** Stores bytes and their metadata; answers the file id. */
  addFile(
    name: string,
    contentType: string,
    bytes: Uint8Array,
    size?: { width: number; height: number },
  ): Promise<number>;
  /** Stores an SVG picture of the given size; answers the file id. */
  addSvg(name: string, svg: string, width: number, height: number): Promise<number>;
}
