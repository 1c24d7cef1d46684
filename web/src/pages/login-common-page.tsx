/**
 * /logincommon (docs/product.md section 2): the staff login alone; an authenticated visitor goes to /. The
 * footer links to the operator's copyright page (POST /admin/parameter/getCopyRight: settingDesc →
 * settingValue).
 */
import { API } from '@shared/api/paths.ts';
import { Link, Text } from '@chakra-ui/react';
import { RedirectIfAuthenticated } from '@web/auth/guards.tsx';
import { request } from '@web/lib/api.ts';
import { AuthFrame } from '@web/pages/auth-frame.tsx';
import { LoginForm } from '@web/pages/login-form.tsx';
import { useEffect, useState } from 'react';

interface CopyRight {
  settingValue?: string | null;
  settingDesc?: string | null;
}

/** Only web links: a parameter must not be able to run script (`javascript:`) from the login page. */
function safeHref(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function CopyRightLink() {
  const [copyRight, setCopyRight] = useState<CopyRight | null>(null);
  useEffect(() => {
    let active = true;
    request<CopyRight | null>(API.admin.parameter.getCopyRight, { auth: false, silent: true })
      .then((answer) => active && answer.code === 0 && setCopyRight(answer.data ?? null))
      .catch(() => undefined); // no footer link then
    return () => {
      active = false;
    };
  }, []);
  const href = safeHref(copyRight?.settingValue);
  const label = copyRight?.settingDesc || copyRight?.settingValue;
  if (!href || !label) return null;
  return (
    <Text fontSize="sm" color="fg.muted">
      <Link href={href} target="_blank" rel="noopener noreferrer" color="fg.muted">
        {label}
      </Link>
    </Text>
  );
}

export function LoginCommonPage() {
  return (
    <RedirectIfAuthenticated>
      <AuthFrame footer={<CopyRightLink />}>
        <LoginForm mode="staff" />
      </AuthFrame>
    </RedirectIfAuthenticated>
  );
}
