import { type APIRequestContext, request as playwrightRequest } from '@playwright/test';
import { post, signUpIndividual, solvedCaptcha } from '../account/helpers';
import { test } from '../fixtures';

/** A request context of its own (its own cookies) on the server under test. */
export async function apiContext(): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL! });
}

/** Signs `request` in as an individual through the API. */
export async function signInApi(request: APIRequestContext, account: string, password: string) {
  await post(request, '/api/amsw0101/login', { account, password, ...(await solvedCaptcha(request)) });
}

/** Uploads a small PDF as an application document of the signed-in account; answers its file id. */
export async function uploadDocument(request: APIRequestContext, name = 'document.pdf'): Promise<number> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await request.post('/api/amsw1001/upload', {
    headers: { Origin: origin },
    multipart: {
      purpose: 'applicationDocument',
      file: { name, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') },
    },
  });
  return ((await res.json()) as { data: { fileId: number } }).data.fileId;
}

/** The id of the demo society's class with this code. */
export async function classIdOf(request: APIRequestContext, code: string): Promise<number> {
  const classes = (await (await request.get('/api/amsw0401/classes')).json()) as {
    data: { classList: { memberClassId: number; code: string }[] };
  };
  return classes.data.classList.find((c) => c.code === code)!.memberClassId;
}

/** Pays an order of the signed-in account by card in the gateway simulator, as its pages would. */
export async function payByCard(request: APIRequestContext, orderId: number) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const { fields } = await post<{ fields: Record<string, string> }>(request, '/api/amsw0501/pay', { orderId });
  const page = await request.post('/payment/simulator', { form: fields, headers: { Origin: origin } });
  const merchantOrderNo = /name="merchantOrderNo" value="([^"]+)"/.exec(await page.text())![1]!;
  await request.post('/payment/simulator', {
    form: { merchantOrderNo, simulatorAction: 'card' },
    headers: { Origin: origin },
  });
}

/** A new account that joined the student class (not reviewed): its joining fee is due. */
export async function newStudentApplicant() {
  const request = await apiContext();
  const { email, password } = await signUpIndividual(request);
  await signInApi(request, email, password);
  const fileId = await uploadDocument(request, 'student-card.pdf');
  const app = await post<{ order: { orderId: number; number: string; amount: number } }>(
    request,
    '/api/amsw0401/join',
    {
      memberClassId: await classIdOf(request, 'student'),
      documents: [{ key: 'studentId', fileId }],
      agreeTerms: true,
    },
  );
  return { email, password, order: app.order, request };
}

/** A new account that joined the student class (not reviewed) and paid: an active student member. */
export async function newStudentMember() {
  const { email, password, order, request } = await newStudentApplicant();
  await payByCard(request, order.orderId);
  await request.dispose();
  return { email, password };
}

/**
 * The queue's demo reviewer decides the application through the API (declaring no conflict first):
 * approves it, or returns it for changes with `comment`.
 */
export async function approveAsReviewer(
  applicationId: number,
  queue: 'membership' | 'memberStatus' = 'membership',
  decision: { decision: 'approve' } | { decision: 'return'; comment: string } = { decision: 'approve' },
) {
  const request = await apiContext();
  const [email, password] =
    queue === 'membership'
      ? ['reviewer@example.org', 'Reviewer2026demo']
      : ['status-reviewer@example.org', 'Status2026demo'];
  await signInApi(request, email, password);
  const items = (await (await request.get(`/api/amsw0601/items?queue=${queue}`)).json()) as {
    data: { itemList: { reviewId: number; subjectId: number }[] };
  };
  const { reviewId } = items.data.itemList.find((i) => i.subjectId === applicationId)!;
  await post(request, '/api/amsw0601/declare', { reviewId, declaration: 'none' });
  await post(request, '/api/amsw0601/decide', { reviewId, ...decision });
  await request.dispose();
}
