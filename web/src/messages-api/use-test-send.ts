/**
 * One test send of the API page: the call to the real endpoint of this stage (the runtime config's
 * API URL) and its outcome, the answer of any status or "unreachable" when no answer came.
 */
import { useMutation } from '@tanstack/react-query';
import { useServices } from '../runtime/services';
import type { ExternalApiAnswer } from '../api/external-api';

export function useTestSend<Input>(send: (apiUrl: string, input: Input) => Promise<ExternalApiAnswer>) {
  const { config } = useServices();
  const mutation = useMutation({ mutationFn: (input: Input) => send(config.apiUrl, input) });
  return {
    send: (input: Input) => mutation.mutate(input),
    busy: mutation.isPending,
    answer: mutation.data,
    unreachable: mutation.isError,
  };
}
