import type { MentorQuiz, QuizInput, QuizPaper, TraineeQuiz } from '@shared/contracts/training-quiz';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { useInvalidateOn } from '@web/features/presenter/api';

/** The training quiz: mentors' quizzes (Radio Mentor section) and the caller's own (/training). */
const mentorKey = ['quizzes', 'mentor'] as const;
const mineKey = ['quizzes', 'mine'] as const;

export function useMentorQuizzes() {
  useInvalidateOn(EVENT_TYPES.trainingChanged, mentorKey);
  return useQuery({
    queryKey: mentorKey,
    queryFn: () => api.get<{ quizzes: MentorQuiz[] }>('/api/staff/quizzes'),
    select: (d) => d.quizzes,
  });
}

export function useCreateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuizInput) => api.post<{ quiz: MentorQuiz }>('/api/staff/quizzes', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentorKey }),
  });
}

export function useAssignQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { quizId: string; traineeId: string }) =>
      api.post<{ quiz: MentorQuiz }>(`/api/staff/quizzes/${encodeURIComponent(v.quizId)}/assignments`, {
        traineeId: v.traineeId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentorKey }),
  });
}

export function useMyQuizzes() {
  return useQuery({
    queryKey: mineKey,
    queryFn: () => api.get<{ quizzes: TraineeQuiz[] }>('/api/training/quizzes'),
    select: (d) => d.quizzes,
  });
}

export function useStartQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quizId: string) =>
      api.post<QuizPaper>(`/api/training/quizzes/${encodeURIComponent(quizId)}/start`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}

export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { quizId: string; answers: (number | null)[] }) =>
      api.post<{ quiz: TraineeQuiz }>(`/api/training/quizzes/${encodeURIComponent(v.quizId)}/submit`, {
        answers: v.answers,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mineKey }),
  });
}
