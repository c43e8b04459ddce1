import { useCallback, useEffect, useRef, useState } from "react";

/**
 * A minimal mutation hook for the signed-out screens. TanStack Query is loaded with the signed-in
 * shell only, which keeps the /login bundle within its budget (docs/architecture.md).
 */
export function useAction<TInput, TResult>(
  action: (input: TInput) => Promise<TResult>,
  options: { onSuccess?: (result: TResult, input: TInput) => void } = {},
) {
  const [isPending, setIsPending] = useState(false);
  const latest = useRef({ action, options });
  const mounted = useRef(true);

  useEffect(() => {
    latest.current = { action, options };
  });

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (input: TInput): Promise<TResult> => {
    setIsPending(true);
    try {
      const result = await latest.current.action(input);
      latest.current.options.onSuccess?.(result, input);
      return result;
    } finally {
      if (mounted.current) setIsPending(false);
    }
  }, []);

  return { mutateAsync, isPending };
}
