/** Chakra-styled links that navigate inside the SPA (react-router), honouring the `/charge` basename. */
import { Button, Link, type ButtonProps, type LinkProps } from '@chakra-ui/react';
import { Link as RouterLink, type To } from 'react-router-dom';

export function AppLink({ to, children, ...rest }: Omit<LinkProps, 'href' | 'asChild'> & { to: To }) {
  return (
    <Link asChild {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}

export function ButtonLink({ to, children, ...rest }: Omit<ButtonProps, 'asChild'> & { to: To }) {
  return (
    <Button asChild {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}
