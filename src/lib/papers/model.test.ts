import { describe, expect, it } from 'vitest';
import { callOpen, editableParts, linkProblem, nextPaperStatus, paperTitle, sameInstitution } from './model';
import { charCount, submissionProblems } from './submission';

describe('a paper’s moves', () => {
  it('goes from draft to a decision only by the moves each side may make', () => {
    expect(nextPaperStatus('draft', 'submit', 'author')).toBe('submitted');
    expect(nextPaperStatus('draft', 'submit', 'editor')).toBeNull();
    expect(nextPaperStatus('submitted', 'assign', 'editor')).toBe('underReview');
    expect(nextPaperStatus('underReview', 'requestRevision', 'editor')).toBe('revisionRequested');
    expect(nextPaperStatus('revisionRequested', 'resubmit', 'author')).toBe('resubmitted');
    expect(nextPaperStatus('resubmitted', 'assign', 'editor')).toBe('underReview');
    expect(nextPaperStatus('resubmitted', 'accept', 'editor')).toBe('accepted');
    expect(nextPaperStatus('underReview', 'reject', 'editor')).toBe('rejected');
    // Sent once: a second submission is no move.
    expect(nextPaperStatus('submitted', 'submit', 'author')).toBeNull();
    // An author cannot decide, an editor cannot withdraw for them.
    expect(nextPaperStatus('underReview', 'accept', 'author')).toBeNull();
    expect(nextPaperStatus('underReview', 'withdraw', 'editor')).toBeNull();
  });

  it('may be withdrawn until it is decided, and never after', () => {
    for (const status of ['draft', 'submitted', 'underReview', 'revisionRequested', 'resubmitted'] as const)
      expect(nextPaperStatus(status, 'withdraw', 'author')).toBe('withdrawn');
    for (const status of ['accepted', 'rejected', 'withdrawn'] as const)
      expect(nextPaperStatus(status, 'withdraw', 'author')).toBeNull();
  });

  it('opens everything in a draft, only the reopened parts in a revision, and nothing otherwise', () => {
    expect(editableParts('draft', [])).toEqual(['title', 'abstract', 'authors', 'topic', 'keywords', 'manuscript']);
    expect(editableParts('revisionRequested', ['manuscript', 'abstract'])).toEqual(['abstract', 'manuscript']);
    expect(editableParts('submitted', ['title'])).toEqual([]);
  });
});

describe('a call', () => {
  const call = {
    opensAt: new Date('2027-01-01T00:00:00Z'),
    closesAt: new Date('2027-02-01T00:00:00Z'),
    active: true,
    serviceUrl: '',
  };
  it('takes submissions from its opening to its closing moment, here only', () => {
    expect(callOpen(call, new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(callOpen(call, new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(callOpen(call, new Date('2027-02-01T00:00:00Z'))).toBe(false);
    expect(callOpen({ ...call, serviceUrl: 'https://elsewhere.example.org' }, new Date('2027-01-15T00:00:00Z'))).toBe(
      false,
    );
    expect(callOpen({ ...call, active: false }, new Date('2027-01-15T00:00:00Z'))).toBe(false);
  });
});

describe('a submission', () => {
  const rules = { topics: [{ code: 'education' }], maxAuthors: 2, abstractMaxChars: 10 };
  const author = {
    nameZh: '王小明',
    nameEn: '',
    email: 'wang@example.org',
    affiliation: '臺大醫院',
    presenting: true,
    corresponding: true,
  };
  const complete = {
    title: { zh: '題目', en: 'Title' },
    abstract: { zh: '摘要', en: 'Abstract' },
    topicCode: 'education',
    keywords: ['one'],
    authors: [author],
    manuscriptFileId: 7,
  };

  it('needs nothing more when complete', () => {
    expect(submissionProblems(complete, rules)).toEqual([]);
  });

  it('names every missing or wrong field', () => {
    const problems = submissionProblems(
      {
        title: { zh: '', en: 'Title' },
        abstract: { zh: '一二三四五六七八九十十一', en: 'Abstract' },
        topicCode: 'clinical',
        keywords: [],
        authors: [
          { ...author, email: 'not mail', affiliation: '' },
          { ...author, nameZh: '', nameEn: 'Jane Roe', presenting: true, corresponding: false },
          { ...author },
        ],
        manuscriptFileId: null,
      },
      rules,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'title.zh', reason: 'required' },
        { field: 'abstract.zh', reason: 'tooLong' },
        { field: 'topicCode', reason: 'required' },
        { field: 'keywords', reason: 'required' },
        { field: 'authors', reason: 'tooMany' },
        { field: 'authors.0.email', reason: 'email' },
        { field: 'authors.0.affiliation', reason: 'required' },
        { field: 'authors', reason: 'onePresenting' },
        { field: 'authors', reason: 'oneCorresponding' },
        { field: 'manuscript', reason: 'required' },
      ]),
    );
    // A name in either script is enough.
    expect(problems.some((p) => p.field === 'authors.1.nameZh')).toBe(false);
  });

  it('counts an abstract’s characters as a reader does', () => {
    expect(charCount(' 臨床𠀋 ')).toBe(3);
  });
});

describe('who may review', () => {
  it('keeps a reviewer from an author’s institution out, however it is written', () => {
    expect(sameInstitution('臺北榮民總醫院', '臺北榮民總醫院 教學部')).toBe(true);
    expect(sameInstitution('National Taiwan University Hospital', 'national  taiwan university hospital')).toBe(true);
    expect(sameInstitution('ＮＴＵＨ', 'NTUH')).toBe(true);
    expect(sameInstitution('臺大醫院', '高雄長庚紀念醫院')).toBe(false);
    expect(sameInstitution('', '臺大醫院')).toBe(false);
  });

  it('names a paper in the reader’s language, the other where it has none', () => {
    expect(paperTitle({ zh: '題目', en: 'Title' }, 'en-us')).toBe('Title');
    expect(paperTitle({ zh: '', en: 'Title' }, 'zh-tw')).toBe('Title');
  });
});

describe('a mailed review link', () => {
  const now = new Date('2027-03-01T00:00:00Z');
  const fresh = {
    revokedAt: null,
    assignmentRevokedAt: null,
    roundOpen: true,
    reviewerHoldsRole: true,
    usedAt: null,
    expiresAt: new Date('2027-03-02T00:00:00Z'),
  };
  it('opens its assignment until it is used, expires or is taken back', () => {
    expect(linkProblem(fresh, now)).toBeNull();
    expect(linkProblem({ ...fresh, usedAt: now }, now)).toBe('linkUsed');
    expect(linkProblem({ ...fresh, expiresAt: now }, now)).toBe('linkExpired');
    expect(linkProblem({ ...fresh, revokedAt: now }, now)).toBe('linkRevoked');
    expect(linkProblem({ ...fresh, assignmentRevokedAt: now, usedAt: now }, now)).toBe('linkRevoked');
    expect(linkProblem({ ...fresh, roundOpen: false }, now)).toBe('linkRevoked');
    // A reviewer whose role was revoked: none of their links works, used or not.
    expect(linkProblem({ ...fresh, reviewerHoldsRole: false }, now)).toBe('linkRevoked');
    expect(linkProblem({ ...fresh, reviewerHoldsRole: false, usedAt: now }, now)).toBe('linkRevoked');
  });
});
