import { eq } from 'drizzle-orm';
import { AUTHORISATION_VERSION, authorisationText } from '../../../lib/papers/authorisation-text';
import { formatNumber, sequenceName } from '../../../lib/numbering';
import { PAPER_NUMBER_PATTERN, type PaperAuthor } from '../../../lib/papers/model';
import { newVerifyCode } from '../../services/documents/issue-documents';
import {
  files,
  issuedDocuments,
  numberSequences,
  paperAuthorisations,
  paperFiles,
  paperHistory,
  papers,
  posts,
  reviewAssignments,
  reviewItems,
  webInfo,
} from '../schema';
import type { SeedContext } from './context';
import { minimalPdf } from './pdf';

const DAY = 86_400_000;

/**
 * The demo's papers: the active member's abstract to the annual meeting under review (its reviewer
 * assigned, not started yet), and a web user's journal paper waiting for the editor to assign
 * reviewers. Their manuscripts carry no author details (as uploads are stored).
 */
export async function seedPapers({ tx, now, addFile }: SeedContext, accountIds: Map<string, number>): Promise<void> {
  const calls = await tx.select({ id: posts.id, name: posts.name }).from(posts).orderBy(posts.sort, posts.id);
  const [web] = await tx.select({ name: webInfo.name }).from(webInfo).limit(1);
  const [annual, journal] = calls;
  if (!annual || !journal) return;
  const member = accountIds.get('member@example.org')!;
  const webUser = accountIds.get('webuser@example.org')!;
  const reviewer = accountIds.get('reviewer@example.org')!;
  const editor = accountIds.get('editor@example.org')!;

  const demo = [
    {
      call: annual,
      accountId: member,
      number: formatNumber(PAPER_NUMBER_PATTERN, { year: now.getUTCFullYear(), seq: 1 }),
      status: 'underReview' as const,
      daysAgo: 6,
      title: {
        zh: '以模擬情境評量住院醫師之臨床推理',
        en: 'Assessing residents’ clinical reasoning with simulated cases',
      },
      abstract: {
        zh: '目的：評估模擬情境考核對住院醫師臨床推理的鑑別力。方法：42 位住院醫師完成六站模擬情境，由兩位評分者獨立評分。結果：評分者間一致性良好，分數與年資呈正相關。結論：模擬情境可作為臨床推理之形成性評量。',
        en: 'Aim: to see whether simulated cases tell residents’ clinical reasoning apart. Method: 42 residents completed six simulated stations, each scored by two raters. Results: the raters agreed well and scores rose with seniority. Conclusion: simulated cases can serve as a formative assessment of clinical reasoning.',
      },
      topicCode: 'education',
      keywords: ['simulation', 'clinical reasoning', 'assessment'],
      authors: [
        {
          nameZh: '王小明',
          nameEn: 'Wang Hsiao-Ming',
          email: 'member@example.org',
          affiliation: '臺大醫院',
          presenting: true,
          corresponding: true,
        },
        {
          nameZh: '林雅婷',
          nameEn: 'Lin Ya-Ting',
          email: 'lin.yating@example.net',
          affiliation: '臺大醫院',
          presenting: false,
          corresponding: false,
        },
      ] satisfies PaperAuthor[],
      signer: { nameZh: '王小明', nameEn: 'Wang Hsiao-Ming' },
    },
    {
      call: journal,
      accountId: webUser,
      number: formatNumber(PAPER_NUMBER_PATTERN, { year: now.getUTCFullYear(), seq: 2 }),
      status: 'submitted' as const,
      daysAgo: 2,
      title: { zh: '偏鄉診所糖尿病照護品質之改善', en: 'Improving diabetes care in rural clinics' },
      abstract: {
        zh: '我們於四家偏鄉診所導入糖化血色素追蹤提醒，一年後追蹤率由 58% 提升至 81%。',
        en: 'We introduced HbA1c follow-up reminders in four rural clinics; a year later the follow-up rate rose from 58% to 81%.',
      },
      topicCode: 'original',
      keywords: ['diabetes', 'primary care'],
      authors: [
        {
          nameZh: '陳怡君',
          nameEn: 'Chen Yi-Chun',
          email: 'webuser@example.org',
          affiliation: '高雄長庚紀念醫院',
          presenting: true,
          corresponding: true,
        },
      ] satisfies PaperAuthor[],
      signer: { nameZh: '陳怡君', nameEn: 'Chen Yi-Chun' },
    },
  ];

  // The numbers the demo's papers took: the next submission goes on after them.
  const year = new Date(now).getUTCFullYear();
  await tx
    .insert(numberSequences)
    .values({ name: sequenceName('paper', PAPER_NUMBER_PATTERN, { year }), value: demo.length });

  for (const paper of demo) {
    const submittedAt = new Date(now.getTime() - paper.daysAgo * DAY);
    const fileId = await addFile(
      `${paper.number}.pdf`,
      'application/pdf',
      minimalPdf([paper.title.en, '', paper.abstract.en]),
    );
    await tx
      .update(files)
      .set({ ownerId: paper.accountId, ownerType: 'individual', purpose: 'paperManuscript', metadataStripped: true })
      .where(eq(files.id, fileId));
    const [row] = await tx
      .insert(papers)
      .values({
        postId: paper.call.id,
        accountId: paper.accountId,
        number: paper.number,
        status: paper.status,
        title: paper.title,
        abstract: paper.abstract,
        topicCode: paper.topicCode,
        keywords: paper.keywords,
        authors: paper.authors,
        manuscriptFileId: fileId,
        round: 1,
        createdAt: new Date(submittedAt.getTime() - DAY),
        updatedAt: submittedAt,
        submittedAt,
      })
      .returning({ id: papers.id });
    const paperId = row!.id;
    await tx.insert(paperFiles).values({ paperId, round: 1, fileId });
    await tx.insert(paperHistory).values([
      {
        paperId,
        toStatus: 'draft',
        actorType: 'author',
        actorId: paper.accountId,
        at: new Date(submittedAt.getTime() - DAY),
      },
      {
        paperId,
        fromStatus: 'draft',
        toStatus: 'submitted',
        actorType: 'author',
        actorId: paper.accountId,
        at: submittedAt,
      },
    ]);
    const [document] = await tx
      .insert(issuedDocuments)
      .values({
        kind: 'paperAuthorisation',
        number: paper.number,
        accountId: paper.accountId,
        subjectId: paperId,
        verifyCode: newVerifyCode(),
        facts: {
          society: web?.name ?? { 'zh-tw': '' },
          paperNumber: paper.number,
          title: paper.title,
          call: paper.call.name,
          authors: paper.authors.map((a) => ({ nameZh: a.nameZh, nameEn: a.nameEn })),
          signer: paper.signer,
          signedName: paper.signer.nameZh,
          signedAt: submittedAt.toISOString(),
          textVersion: AUTHORISATION_VERSION,
          text: authorisationText('zh-tw'),
          locale: 'zh-tw',
        },
        issuedAt: submittedAt,
      })
      .returning({ id: issuedDocuments.id });
    await tx.insert(paperAuthorisations).values({
      paperId,
      accountId: paper.accountId,
      textVersion: AUTHORISATION_VERSION,
      locale: 'zh-tw',
      signedName: paper.signer.nameZh,
      documentId: document!.id,
      signedAt: submittedAt,
    });
    const [item] = await tx
      .insert(reviewItems)
      .values({
        queue: 'paper',
        subjectId: paperId,
        applicantId: paper.accountId,
        dueAt: new Date(submittedAt.getTime() + 42 * DAY),
        createdAt: submittedAt,
      })
      .returning({ id: reviewItems.id });
    if (paper.status === 'underReview') {
      const assignedAt = new Date(submittedAt.getTime() + DAY);
      await tx.insert(reviewAssignments).values({
        itemId: item!.id,
        reviewerId: reviewer,
        assignedBy: editor,
        declaration: null,
        at: assignedAt,
        dueAt: new Date(assignedAt.getTime() + 21 * DAY),
      });
      await tx.insert(paperHistory).values({
        paperId,
        fromStatus: 'submitted',
        toStatus: 'underReview',
        actorType: 'editor',
        actorId: editor,
        at: assignedAt,
      });
    }
  }
}
