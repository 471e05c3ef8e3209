import { useGetCurrentUserQuery } from '../../api/appApi';
import { DATE_PATTERN, DEFAULT_TIME_ZONE, formatDate } from '../format';

/** The logged-in user's time zone, Europe/Berlin when unknown (spec 1 §1). */
export function useTimeZone(): string {
  const { data } = useGetCurrentUserQuery();
  return data?.user.timeZone || DEFAULT_TIME_ZONE;
}

interface DateTimeProps {
  value: string | number | Date | null | undefined;
  /** Tokens as in formatDate: 'DD-MM-YYYY', 'DD [kl.] HH:mm' … */
  pattern?: string;
}

/** A date shown in the user's time zone with the Danish locale. */
export function DateTime({ value, pattern = DATE_PATTERN }: DateTimeProps) {
  const timeZone = useTimeZone();
  const text = formatDate(value, pattern, timeZone);
  if (!text || value === null || value === undefined) return null;
  return <time dateTime={new Date(value).toISOString()}>{text}</time>;
}
