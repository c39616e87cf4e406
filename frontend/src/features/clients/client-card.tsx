import { Mail, MapPin, Phone, UserRound } from 'lucide-react';
import { memo, type ReactNode } from 'react';
import { CLIENT_INSTRUCTION_FIELDS, CLIENT_INSTRUCTIONS } from '#shared/client-instructions';
import { type ClientSummary, previewFieldOf } from '#shared/client-list';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { type ClientCardActions, ClientCardMenu } from './client-card-menu';
import { addressLines } from './client-display';
import { ClientSpendLine } from './client-spend';
import { InstructionPanel } from './instruction-panel';
import { OnlinePresence } from './online-presence';

function DetailRow({
  icon,
  label,
  showLabel = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  /** The icon alone says what e-mail, phone and address are; a person's name needs the word. */
  showLabel?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-2">
      <span className="mt-0.5 shrink-0 text-muted-foreground [&>svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <div className="min-w-0 [overflow-wrap:anywhere]">
        <span className={showLabel ? 'text-muted-foreground' : 'sr-only'}>{label}: </span>
        {children}
      </div>
    </div>
  );
}

/**
 * A client card (000 §2): identity, address, contact, online presence and the three instruction panels.
 * Memoized: a list change (a page arriving, a search) re-renders only the cards whose client changed.
 */
export const ClientCard = memo(function ClientCard({
  client,
  canManage,
  actions,
}: {
  client: ClientSummary;
  canManage: boolean;
  actions: ClientCardActions;
}) {
  const address = addressLines(client);
  return (
    <Card className="min-w-0 gap-4" data-testid="client-card">
      <CardHeader>
        <CardTitle className="text-lg [overflow-wrap:anywhere]">{client.name}</CardTitle>
        {client.company_name && (
          <CardDescription className="[overflow-wrap:anywhere]">{client.company_name}</CardDescription>
        )}
        <CardAction>
          <ClientCardMenu client={client} canManage={canManage} actions={actions} />
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {(client.owner || address.length > 0 || client.email || client.phone) && (
          <div className="grid gap-2">
            {client.owner && (
              <DetailRow icon={<UserRound />} label="Owner" showLabel>
                {client.owner}
              </DetailRow>
            )}
            {address.length > 0 && (
              <DetailRow icon={<MapPin />} label="Address">
                <address className="not-italic">
                  {address.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </DetailRow>
            )}
            {client.email && (
              <DetailRow icon={<Mail />} label="Email">
                <a href={`mailto:${client.email}`} className="text-primary hover:underline">
                  {client.email}
                </a>
              </DetailRow>
            )}
            {client.phone && (
              <DetailRow icon={<Phone />} label="Phone">
                <a href={`tel:${client.phone.replace(/[^\d+]/gu, '')}`} className="hover:underline">
                  {client.phone}
                </a>
              </DetailRow>
            )}
          </div>
        )}
        <OnlinePresence client={client} />
        <ClientSpendLine client={client} canManage={canManage} />
        <div className="grid gap-2">
          {CLIENT_INSTRUCTION_FIELDS.map((field) => (
            <InstructionPanel
              key={field}
              label={CLIENT_INSTRUCTIONS[field].cardLabel}
              preview={client[previewFieldOf(field)]}
            />
          ))}
        </div>
      </CardContent>
    </Card>
  );
});
