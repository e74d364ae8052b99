import { api, json, signIn, signUpIndividual } from './helpers';

/** The smallest file the upload takes as a PDF. */
export const PDF: Uint8Array<ArrayBuffer> = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The Authorization header of a fresh sign-in (on the shared server, or the one at `base`). */
export async function bearer(email: string, password: string, base?: string) {
  const { token } = await signIn(email, password, 'individual', false, { base });
  if (!token) throw new Error(`no token for ${email}`);
  return { Authorization: `Bearer ${token}` };
}

/** Uploads an application document for the signed-in individual. */
export async function upload(
  auth: Record<string, string>,
  bytes: Uint8Array<ArrayBuffer>,
  name = 'licence.pdf',
  base?: string,
) {
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([bytes], name));
  return api<{ fileId: number; contentType: string; name: string }>('/api/amsw1001/upload', {
    method: 'POST',
    headers: auth,
    body: form,
    base,
  });
}

/** The demo society's reviewed class (a licence scan required). */
export async function regularClassId(base?: string): Promise<number> {
  const classes = await api<{ classList: { memberClassId: number; code: string }[] }>('/api/amsw0401/classes', {
    base,
  });
  return classes.body.data.classList.find((c) => c.code === 'regular')!.memberClassId;
}

/** A new web user who applied for the regular class with a licence scan: waiting on the membership queue. */
export async function joinApplication(base?: string) {
  const applicant = await signUpIndividual({}, base);
  const auth = await bearer(applicant.email, applicant.password, base);
  const fileId = (await upload(auth, PDF, 'licence.pdf', base)).body.data.fileId;
  const joined = await api<{ applicationId: number; number: string }>('/api/amsw0401/join', {
    method: 'POST',
    base,
    ...json(
      { memberClassId: await regularClassId(base), documents: [{ key: 'licence', fileId }], agreeTerms: true },
      { ...auth, ...(base ? { Origin: base } : {}) },
    ),
  });
  if (joined.body.code !== 0) throw new Error(`join: ${JSON.stringify(joined.body)}`);
  return { applicant, auth, fileId, ...joined.body.data };
}

/** An application as the join answers it, with its order. */
export interface Joined {
  applicationId: number;
  state: string;
  order: { orderId: number; number: string; amount: number; status: string } | null;
}

/** The signed-in web user applies to the student class (not reviewed): its fee is due at once. */
export async function joinStudent(auth: Record<string, string>, base?: string): Promise<Joined> {
  const classes = await api<{ classList: { memberClassId: number; code: string }[] }>('/api/amsw0401/classes', {
    base,
  });
  const student = classes.body.data.classList.find((c) => c.code === 'student')!.memberClassId;
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([PDF], 'student-card.pdf'));
  const fileId = (
    await api<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', headers: auth, body: form, base })
  ).body.data.fileId;
  const joined = await api<Joined>('/api/amsw0401/join', {
    method: 'POST',
    base,
    ...json(
      { memberClassId: student, documents: [{ key: 'studentId', fileId }], agreeTerms: true },
      { ...auth, ...(base ? { Origin: base } : {}) },
    ),
  });
  if (joined.body.code !== 0) throw new Error(JSON.stringify(joined.body));
  return joined.body.data;
}
