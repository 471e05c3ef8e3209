import { getIn, setIn, useFormikContext } from 'formik';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderLine } from '../orderLines/types';
import { SeatingDialog } from './SeatingDialog';
import { isSeatingLine, replaceSeatingLines } from './seatingLines';

interface SeatingButtonProps {
  /** The form field holding the lines ('orderLines'). */
  name: string;
  /** The note the staff's seat map gives this entity's booked seats ('#1001'); null if unsaved. */
  bookingNote: string | null;
}

/**
 * 'Pladser' of an editor's lines: the seating dialog over the form's seat-ticket lines at events;
 * its 'Gem' replaces them in the form (the entity's own save sends them).
 */
export function SeatingButton({ name, bookingNote }: SeatingButtonProps) {
  const { t } = useTranslation();
  const { values, setValues } = useFormikContext();
  const [open, setOpen] = useState(false);
  const lines = (getIn(values, name) as OrderLine[]).filter(isSeatingLine);
  return (
    <>
      <Button
        type="button"
        outlined
        size="small"
        icon="pi pi-th-large"
        label={t('seating.open')}
        onClick={() => setOpen(true)}
      />
      <SeatingDialog
        visible={open}
        lines={lines}
        bookingNote={bookingNote}
        onSave={(edited) => {
          void setValues((current: object) =>
            setIn(current, name, replaceSeatingLines(getIn(current, name) as OrderLine[], edited)),
          );
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
