// A B/L number as a link to its trace page.
import { Link } from 'react-router';

export const BL_TRACE_PATH = '/warehouse/bl-trace';
export const traceHref = (blNumber: string) => `${BL_TRACE_PATH}?${new URLSearchParams({ bl: blNumber }).toString()}`;

export function BlLink({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  return (
    <Link to={traceHref(value)} data-testid="bl-link">
      {value}
    </Link>
  );
}
