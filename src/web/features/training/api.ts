import type { MentorQuiz, QuizInput, QuizPaper, TraineeQuiz } from '@shared/contracts/training-quiz';
import { EVENT_TYPES } from '@shared/events';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@web/app/data/api-client';
import { queryKeys, useKeyedQuery } from '@web/app/data/query-keys';
import { useInvalidateOn } from '@web/features/presenter/api';

/** The training quiz: mentors' quizzes (Radio Mentor section) and the caller's own (/training). */

export function useMentorQuizzes() {
  useInvalidateOn(EVENT_TYPES.trainingChanged, queryKeys.quizzes.mentor);
  return useKeyedQuery({
    queryKey: queryKeys.quizzes.mentor,
    queryFn: () => api.get<{ quizzes: MentorQuiz[] }>('/api/staff/quizzes'),
    select: (d) => d.quizzes,
  });
}

export function useCreateQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: QuizInput) => api.post<{ quiz: MentorQuiz }>('/api/staff/quizzes', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mentor }),
  });
}

export function useAssignQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { quizId: string; traineeId: string }) =>
      api.post<{ quiz: MentorQuiz }>(`/api/staff/quizzes/${encodeURIComponent(v.quizId)}/assignments`, {
        traineeId: v.traineeId,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mentor }),
  });
}

export function useMyQuizzes() {
  return useKeyedQuery({
    queryKey: queryKeys.quizzes.mine,
    queryFn: () => api.get<{ quizzes: TraineeQuiz[] }>('/api/training/quizzes'),
    select: (d) => d.quizzes,
  });
}

export function useStartQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quizId: string) =>
      api.post<QuizPaper>(`/api/training/quizzes/${encodeURIComponent(quizId)}/start`, {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mine }),
  });
}

export function useSubmitQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { quizId: string; answers: (number | null)[] }) =>
      api.post<{ quiz: TraineeQuiz }>(`/api/training/quizzes/${encodeURIComponent(v.quizId)}/submit`, {
        answers: v.answers,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.quizzes.mine }),
  });
}
