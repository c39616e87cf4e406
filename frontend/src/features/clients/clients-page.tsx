import { PageContainer, PageHeader } from '@/components/layout/page-header';

/** Spec 000 §2 client management screen. The client list and dialogs are built on this page. */
export function ClientsPage() {
  return (
    <PageContainer>
      <PageHeader title="Clients" description="Manage your clients and their content instructions" />
    </PageContainer>
  );
}
