import { ErrorCode } from '@/lib/error-codes';
import { deskIssuePapers, paperSaveBody } from '@/lib/schemas/journal-desk';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';
import { savePaper } from '@/server/services/journals/journal-desk';

export const POST = endpoint({
  summary: "Add a paper (placed last) to an issue or change one; answers the issue's papers",
  description:
    'Section, title and authors (Chinese required), abstract, pages, DOI and the full text (`pdfFileId`: a PDF among the files, else -10 `fileNotPdf`). A stale form is refused (-10 `contentChanged`). The public issue page shows the change before the answer; audited `content.journalPaper.create|update`.',
  tags: ['staff'],
  auth: ['individual'],
  roles: ['editor'],
  body: paperSaveBody,
  response: deskIssuePapers,
  codes: [ErrorCode.NO_PERMISSION, ErrorCode.DATA_CHECK, ErrorCode.NO_DATA],
  handle: async ({ actor, body, clientIp }) => savePaper(actor, body, await clientIp()),
});
export const ALL = methodNotAllowed;
