import { api } from './helpers';

/** A word of Latin letters no other item holds, so a query finds only this run's items. */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let word = 'zq';
  while (n > 0) {
    word += letters[n % letters.length];
    n = Math.floor(n / letters.length);
  }
  return word;
}

/** The first article category the public sees. */
export async function firstCategory(): Promise<number> {
  const res = await api<{ articleCategoryList: { articleCategoryId: number }[] }>('/api/amsw0301/category');
  return res.body.data.articleCategoryList[0]!.articleCategoryId;
}
