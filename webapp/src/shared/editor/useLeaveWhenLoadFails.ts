import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { apiErrorMessage } from '../../api/baseApi';
import { useToast } from '../ui/Toast';

/**
 * An editor whose entity cannot be read goes back to its list (replacing the editor's route) and
 * shows the server's text, else `failedMessage`.
 */
export function useLeaveWhenLoadFails(
  { isError, error }: { isError: boolean; error?: unknown },
  failedMessage: string,
  listPath: string,
) {
  const toast = useToast();
  const navigate = useNavigate();
  // Once per failure: the effect may run again (a new `navigate`) before the page is gone.
  const leftFor = useRef<unknown>(null);
  useEffect(() => {
    if (!isError || leftFor.current === error) return;
    leftFor.current = error;
    toast.error(apiErrorMessage(error) ?? failedMessage);
    navigate(listPath, { replace: true });
  }, [isError, error, toast, failedMessage, listPath, navigate]);
}
