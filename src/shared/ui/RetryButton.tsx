/**
 * The button of a call that can fail (a list or an order to load, "show
 * more", the pay link) and, above it, what failed the last time: said at once
 * (role="alert"), and gone while nothing has. The button takes its own props
 * (class, aria-busy while the call runs, disabled, test id).
 */
import type { ButtonHTMLAttributes } from 'react';

export default function RetryButton({
  failure,
  failureClass,
  failureTestId,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  failure: string | false;
  failureClass?: string;
  failureTestId?: string;
}) {
  return (
    <>
      {failure && (
        <p className={failureClass} role="alert" data-testid={failureTestId}>
          {failure}
        </p>
      )}
      <button type="button" {...button} />
    </>
  );
}
