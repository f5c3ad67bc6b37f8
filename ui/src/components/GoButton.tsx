import { AnchorButton, type AnchorButtonProps } from '@blueprintjs/core';
import { useNavigate } from 'react-router';

/**
 * A button that leaves for another page of the app without reloading it; it is a link (`to` as its
 * href) so the address shows on hover and assistive technology announces where it goes.
 */
export function GoButton({ to, ...props }: { to: string } & Omit<AnchorButtonProps, 'href' | 'onClick'>) {
  const navigate = useNavigate();
  return (
    <AnchorButton
      {...props}
      href={to}
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
