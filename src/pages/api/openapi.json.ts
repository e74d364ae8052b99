import type { APIRoute } from 'astro';
import { buildOpenApi } from '@/server/http/openapi';

const modules = import.meta.glob<Record<string, unknown>>(
  ['./**/*.ts', '!./openapi.json.ts', '!./**/_*.ts', '!./\\[...path\\].ts'],
  {
    eager: true,
  },
);

export const GET: APIRoute = ({ url }) =>
  new Response(JSON.stringify(buildOpenApi(modules, url.origin)), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
