import { expect } from 'vitest';
import { type Change, compareAll, ok, type World } from './world';

/** The quiz's ten questions: the right answer of question i is i % 3. */
const quiz = (title: string) => ({
  title,
  questions: Array.from({ length: 10 }, (_, i) => ({
    prompt: `Question ${i + 1}`,
    options: ['A', 'B', 'C'],
    correctIndex: i % 3,
  })),
});

/**
 * Changes made by staff and to what staff look after: support tickets, booked shows, warnings, reports,
 * training quizzes. Each runs once.
 */
export function staffSteps(w: World): Change[] {
  const { admin, members } = w;
  return [
    {
      name: 'support ticket opened, answered and closed',
      run: async () => {
        const m = members[2];
        const opened = await ok(
          m.post('/api/support/tickets', {
            subject: `Buffering ${++w.counter}`,
            category: 'technical',
            priority: 'high',
            description: 'The stream stops every few minutes.',
          }),
        );
        const id = opened.json().ticket.id as string;
        await compareAll(w, 'support ticket opened');
        await ok(m.post(`/api/support/tickets/${id}/messages`, { content: 'Still happening.' }));
        await compareAll(w, 'support ticket followed up');
        await ok(admin.post(`/api/admin/support/tickets/${id}/messages`, { content: 'Fixed now.' }));
        await compareAll(w, 'support ticket answered');
        await ok(admin.patch(`/api/admin/support/tickets/${id}`, { status: 'closed' }));
      },
    },
    {
      name: 'show booked by its presenter, approved, renamed and dropped',
      run: async () => {
        const bea = members[0];
        const cell = (day: number, hour: number, showName: string) => ({
          dayOfWeek: day,
          startTime: `${String(hour).padStart(2, '0')}:00`,
          endTime: `${String(hour + 1).padStart(2, '0')}:00`,
          showName,
          description: '',
        });
        // A free hour of the week (the random changes book hours up to 23:30 on any day).
        let booked: { id: string; day: number; hour: number } | null = null;
        for (let i = 0; i < 7 * 6 && !booked; i++) {
          const [day, hour] = [i % 7, 6 + Math.floor(i / 7)];
          const res = await bea.post('/api/schedule/my-slots', cell(day, hour, `Booked ${++w.counter}`));
          if (res.statusCode === 201) booked = { id: res.json().slot.id, day, hour };
          else expect(res.statusCode, res.body).toBe(409);
        }
        if (!booked) throw new Error('no free hour to book');
        await compareAll(w, 'show booked, pending');
        await ok(admin.post(`/api/schedule/slots/${booked.id}/decision`, { decision: 'approve' }));
        await compareAll(w, 'booked show approved');
        await ok(
          bea.patch(
            `/api/schedule/my-slots/${booked.id}`,
            cell(booked.day, booked.hour, `Renamed ${++w.counter}`),
          ),
        );
        await compareAll(w, 'booked show renamed');
        await ok(bea.delete(`/api/schedule/my-slots/${booked.id}`));
      },
    },
    {
      name: 'member warned',
      run: () =>
        ok(
          admin.post('/api/staff/moderation/warnings', {
            userId: members[1].userId,
            reason: 'Spamming the chat',
          }),
        ),
    },
    {
      name: 'chat line reported, report resolved',
      run: async () => {
        const [author, reporter] = [members[1], members[2]];
        const line = await ok(author.post('/api/chat/messages', { content: `rude ${++w.counter}` }));
        const sent = await ok(
          reporter.post('/api/reports', {
            kind: 'chat',
            targetId: line.json().message.id,
            reason: 'Insults',
          }),
        );
        await compareAll(w, 'chat line reported');
        await ok(admin.patch(`/api/reports/${sent.json().report.id}`, { status: 'resolved' }));
      },
    },
    {
      name: 'training quiz written, set, taken and submitted',
      run: async () => {
        const trainee = members[2];
        const made = await ok(admin.post('/api/staff/quizzes', quiz(`Studio basics ${++w.counter}`)));
        const id = made.json().quiz.id as string;
        await compareAll(w, 'quiz written');
        await ok(admin.post(`/api/staff/quizzes/${id}/assignments`, { traineeId: trainee.userId }));
        await compareAll(w, 'quiz set');
        await ok(trainee.post(`/api/training/quizzes/${id}/start`));
        await compareAll(w, 'quiz started');
        const answers = Array.from({ length: 10 }, (_, i) => (i < 8 ? i % 3 : (i + 1) % 3));
        await ok(trainee.post(`/api/training/quizzes/${id}/submit`, { answers }));
      },
    },
  ];
}
