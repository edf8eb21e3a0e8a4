import { z } from 'zod';

export const Member = z.object({
  id: z.string(),
  displayName: z.string(),
  picture: z.string().nullable(),
  role: z.string(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof Member>;
export const MemberList = z.object({ members: z.array(Member) });
export const MemberQuery = z.object({ q: z.string().trim().max(100).optional() });

export const TeamMember = Member.extend({ socials: z.record(z.string(), z.string().nullable()) });
export const Team = z.object({
  core: z.array(TeamMember),
  specialised: z.array(z.object({ role: z.string(), roleName: z.string(), members: z.array(TeamMember) })),
  counts: z.object({ total: z.number(), core: z.number(), specialised: z.number() }),
});
