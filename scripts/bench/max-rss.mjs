// Preloaded into a command the import bench runs (`node --import`): writes the process's peak
// resident memory (kB; the embedded database's thread included) to BENCH_RSS_FILE as it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
