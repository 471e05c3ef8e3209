import { Form as FormikForm, useFormikContext } from 'formik';
import { useEffect, useRef, type ReactNode } from 'react';

/** After a failed submit, moves focus to the first invalid field (spec 1 §5). */
function FocusFirstError({ form }: { form: React.RefObject<HTMLFormElement | null> }) {
  const { submitCount, isSubmitting, isValid } = useFormikContext();
  const handledSubmit = useRef(0);
  useEffect(() => {
    if (isSubmitting || isValid || submitCount === handledSubmit.current) return;
    handledSubmit.current = submitCount;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus();
  }, [form, submitCount, isSubmitting, isValid]);
  return null;
}

interface FormProps {
  children: ReactNode;
  className?: string;
  /** Accessible name of the form. */
  label?: string;
}

/** A formik form for the form kit fields: browser validation off, focus on the first invalid field. */
export function Form({ children, className, label }: FormProps) {
  const ref = useRef<HTMLFormElement>(null);
  return (
    <FormikForm ref={ref} noValidate className={className} aria-label={label}>
      {children}
      <FocusFirstError form={ref} />
    </FormikForm>
  );
}
