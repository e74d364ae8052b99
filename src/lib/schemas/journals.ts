import { z } from 'zod';
import { idParam } from './common';

export const journalDetailQuery = z.object({ journalListId: idParam });
export const journalNumberQuery = z.object({ journalVolumeId: idParam, journalNumberId: idParam });

const cover = {
  coverFileId: z.number().int().nullable().describe('Fetch with GET /api/amsw1002?fileId='),
  coverWidth: z.number().int().nullable(),
  coverHeight: z.number().int().nullable(),
};

const numberRef = z.object({
  journalVolumeId: z.number().int(),
  journalNumberId: z.number().int(),
  volume: z.number().int(),
  number: z.number().int(),
  year: z.number().int(),
});

const journalSummary = z.object({
  journalListId: z.number().int(),
  name: z.string(),
  description: z.string(),
  issn: z.string().nullable(),
  ...cover,
  latestNumber: numberRef
    .extend({ publishedAt: z.string().describe('ISO 8601') })
    .nullable()
    .describe('The newest published issue, or null when none is out yet'),
});

export const journalListResponse = z.object({ journalList: z.array(journalSummary) });

export const journalDetailResponse = journalSummary.extend({
  volumeList: z
    .array(
      z.object({
        journalVolumeId: z.number().int(),
        volume: z.number().int(),
        year: z.number().int(),
        numberList: z.array(
          z.object({
            journalNumberId: z.number().int(),
            number: z.number().int(),
            title: z.string().describe('Empty for an issue without a theme'),
            publishedAt: z.string(),
            ...cover,
            paperCount: z.number().int(),
          }),
        ),
      }),
    )
    .describe('Volumes newest first, each with its published issues in order; volumes with none are left out'),
});

export const journalNumberResponse = z.object({
  journalListId: z.number().int(),
  journalName: z.string(),
  issn: z.string().nullable(),
  journalVolumeId: z.number().int(),
  volume: z.number().int(),
  year: z.number().int(),
  journalNumberId: z.number().int(),
  number: z.number().int(),
  title: z.string(),
  publishedAt: z.string(),
  ...cover,
  paperList: z
    .array(
      z.object({
        paperId: z.number().int(),
        section: z.string().describe('e.g. Original articles; papers of a section are consecutive'),
        title: z.string(),
        authors: z.string(),
        abstract: z.string(),
        pages: z.string().nullable(),
        doi: z.string().nullable().describe('Resolve at https://doi.org/{doi}'),
        pdfFileId: z.number().int().nullable(),
        pdfSize: z.number().int().nullable().describe('Bytes'),
      }),
    )
    .describe('In the order of the table of contents'),
  previousNumber: numberRef.nullable().describe('The issue before this one in the same journal'),
  nextNumber: numberRef.nullable().describe('The published issue after this one'),
});

export const postListResponse = z.object({
  postList: z.array(
    z.object({
      postId: z.number().int(),
      name: z.string(),
      description: z.string(),
      opensAt: z.string(),
      closesAt: z.string(),
      status: z.enum(['open', 'upcoming']),
    }),
  ),
});
