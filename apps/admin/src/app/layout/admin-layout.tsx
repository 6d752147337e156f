import { LogoutOutlined } from '@ant-design/icons';
import { App as AntdApp, Button, Flex, Layout, Menu, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { ChangePasswordButton, useSignOut } from '../../features/auth/index.ts';
import { useOperatorQuery } from '../../shared/session.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';
import { LanguageSwitch } from '../../shared/ui/language-switch.tsx';
import { useErrorText } from '../../shared/use-error-text.ts';
import { NAV_ITEMS, navItemAt } from '../nav.tsx';

/**
 * The frame of every screen once signed in: the side menu of the areas the operator may open (an area
 * with access `none` has no item), and a header with who is signed in, the language, changing one's own
 * password and sign-out.
 * Without an operator it goes to sign-in, remembering where it was going.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const operatorQuery = useOperatorQuery();
  const signOut = useSignOut();
  const errorText = useErrorText();
  const { message } = AntdApp.useApp();
  const operator = operatorQuery.data;

  if (operatorQuery.isPending) return null;
  if (operatorQuery.isError) {
    return (
      <Flex style={{ padding: 48 }} vertical>
        <ErrorAlert error={operatorQuery.error} onRetry={() => void operatorQuery.refetch()} />
      </Flex>
    );
  }
  if (!operator) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }

  const items = NAV_ITEMS.filter((item) => operator.access[item.area] !== 'none').map((item) => ({
    key: item.path,
    icon: item.icon,
    label: <Link to={item.path}>{t(item.labelKey)}</Link>,
  }));
  const selected = navItemAt(location.pathname);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark">
        <Typography.Text strong style={{ display: 'block', color: '#fff', padding: '20px 24px' }}>
          {t('app.name')}
        </Typography.Text>
        <nav aria-label={t('menu.label')}>
          <Menu theme="dark" mode="inline" items={items} selectedKeys={selected ? [selected.path] : []} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header style={{ background: 'transparent', paddingInline: 24 }}>
          <Flex justify="flex-end" align="center" gap="middle" style={{ height: '100%' }}>
            <span data-testid="operator">
              <Typography.Text strong>{operator.username}</Typography.Text>{' '}
              <Tag color="processing">{t(`role.${operator.role}`)}</Tag>
              {operator.readOnly ? <Tag>{t('operators.readOnly')}</Tag> : null}
            </span>
            <LanguageSwitch />
            <ChangePasswordButton />
            <Button
              icon={<LogoutOutlined aria-hidden="true" />}
              loading={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, { onError: (error) => void message.error(errorText(error)) })
              }
            >
              {t('layout.signOut')}
            </Button>
          </Flex>
        </Layout.Header>
        {/* antd's Content is the page's <main>. */}
        <Layout.Content style={{ padding: 24, position: 'relative' }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
