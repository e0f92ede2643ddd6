import '@mantine/core/styles/Tabs.css';
import { Loader, Tabs, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { isPrimaryAdmin } from '@nestling/shared/rules';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { PageHeading } from '../../ui/page-heading.tsx';
import tabListClasses from '../../ui/tab-list.module.css';
import { useCurrentUser } from '../session/index.ts';
import { AdminClinics } from './admin-clinics.tsx';
import { AdminCounselors } from './admin-counselors.tsx';
import { AdminDiscountCodes } from './admin-discount-codes.tsx';
import { AdminLabKeys } from './admin-lab-keys.tsx';
import { AdminMail } from './admin-mail.tsx';
import { AdminOrders } from './admin-orders.tsx';
import { AdminProducts } from './admin-products.tsx';
import { AdminRiskValues } from './admin-risk-values.tsx';
import { AdminSensitiveResults } from './admin-sensitive-results.tsx';
import { AuditLog } from './audit-log.tsx';
import { UserSearch } from './user-search.tsx';

/** The sections of /admin, as `?tab=` names them. */
export const ADMIN_TABS = [
  'users',
  'orders',
  'products',
  'discount-codes',
  'risk-values',
  'counselors',
  'clinics',
  'sensitive-results',
  'lab-keys',
  'mail',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** Former section names, so that a bookmark staff kept still opens its section. */
const FORMER_TAB_NAMES: Readonly<Partial<Record<string, AdminTab>>> = {
  counsellors: 'counselors',
};

export function asAdminTab(tab: string | undefined): AdminTab | undefined {
  if (tab === undefined) return undefined;
  return ADMIN_TABS.find((name) => name === tab) ?? FORMER_TAB_NAMES[tab];
}

/**
 * /admin: the lab staff's page, in sections: users, orders, products,
 * discount codes, the risk calculator's starting values and the genetic counselors. Only the open section asks the server for anything. Others see a calm sentence (the API refuses them anyway), and
 * nothing is asked of the server for them.
 */
export function AdminPage({
  tab,
  onTabChange,
}: {
  tab?: AdminTab | undefined;
  onTabChange?: (tab: AdminTab) => void;
} = {}) {
  const user = useCurrentUser();
  const { brand } = useRuntimeConfig();
  const isAdmin = user.data?.isAdminUser === true;
  const tabList = useRef<HTMLDivElement>(null);
  // The row of tabs scrolls sideways when it is wider than the page: the open one is shown,
  // also when the page opens on a tab past the edge (?tab=mail).
  useEffect(() => {
    tabList.current
      ?.querySelector('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, isAdmin]);

  if (user.isLoading) {
    return (
      <>
        <PageHeading title="Admin" />
        <Loader size="sm" role="status" aria-label="Loading" />
      </>
    );
  }
  if (user.data?.isAdminUser !== true) {
    return (
      <>
        <PageHeading title="Admin" />
        <Text>This page is for lab staff.</Text>
      </>
    );
  }
  return (
    <>
      <PageHeading
        title="Admin"
        lead="Find a patient and see the portal as they do, follow and move orders, and manage products, discount codes, the risk calculator’s values and the counselors’ hours. Every view is recorded in the audit log."
      />
      <Tabs
        value={tab ?? 'users'}
        onChange={(value) => {
          const chosen = asAdminTab(value ?? undefined);
          if (chosen !== undefined) onTabChange?.(chosen);
        }}
        keepMounted={false}
      >
        <Tabs.List className={tabListClasses.tabList} ref={tabList}>
          <Tabs.Tab value="users">Users</Tabs.Tab>
          <Tabs.Tab value="orders">Orders</Tabs.Tab>
          <Tabs.Tab value="products">Products</Tabs.Tab>
          <Tabs.Tab value="discount-codes">Discount codes</Tabs.Tab>
          <Tabs.Tab value="risk-values">Risk calculator values</Tabs.Tab>
          <Tabs.Tab value="counselors">Counselors</Tabs.Tab>
          <Tabs.Tab value="clinics">Clinics</Tabs.Tab>
          <Tabs.Tab value="sensitive-results">Sensitive results</Tabs.Tab>
          <Tabs.Tab value="lab-keys">Lab API keys</Tabs.Tab>
          <Tabs.Tab value="mail">Mail</Tabs.Tab>
          <Tabs.Tab value="audit">Audit log</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="users" pt="lg">
          <UserSearch canImpersonate={isPrimaryAdmin(user.data, brand.companyDomain)} />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="lg">
          <AdminOrders />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="lg">
          <AdminProducts />
        </Tabs.Panel>
        <Tabs.Panel value="discount-codes" pt="lg">
          <AdminDiscountCodes />
        </Tabs.Panel>
        <Tabs.Panel value="risk-values" pt="lg">
          <AdminRiskValues />
        </Tabs.Panel>
        <Tabs.Panel value="counselors" pt="lg">
          <AdminCounselors />
        </Tabs.Panel>
        <Tabs.Panel value="clinics" pt="lg">
          <AdminClinics />
        </Tabs.Panel>
        <Tabs.Panel value="sensitive-results" pt="lg">
          <AdminSensitiveResults />
        </Tabs.Panel>
        <Tabs.Panel value="lab-keys" pt="lg">
          <AdminLabKeys />
        </Tabs.Panel>
        <Tabs.Panel value="mail" pt="lg">
          <AdminMail />
        </Tabs.Panel>
        <Tabs.Panel value="audit" pt="lg">
          <AuditLog />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
