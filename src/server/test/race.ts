import { createTestApp, type Member, memberWith, signUpMember } from './test-app';

/**
 * For concurrency tests (run them on PostgreSQL: the embedded database has one connection and never
 * races): an app whose first member is the admin, and `count` presenters ready to act at once.
 */
export async function appWithPresenters(count: number) {
  const t = await createTestApp();
  await signUpMember(t.app, 'Admin');
  const presenters: Member[] = [];
  for (let i = 0; i < count; i++) presenters.push(await memberWith(t, 'presenter', [], `Presenter ${i}`));
  return { t, presenters };
}
