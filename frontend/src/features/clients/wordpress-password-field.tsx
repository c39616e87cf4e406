import { KeyRound, Undo2, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import type { ClientFormValues } from './client-form-values';
import { WORDPRESS_FORM } from './messages';

/**
 * The write-only WordPress application password. The server never returns it: the edit form only knows
 * that one is saved. A blank field keeps it; 'Remove saved password' clears it on update.
 */
export function WordpressPasswordField({
  id,
  className,
  value,
  removePassword,
  passwordSaved,
  onChange,
}: {
  id: string;
  className?: string;
  value: string;
  removePassword: boolean;
  passwordSaved: boolean;
  onChange: (changes: Partial<Pick<ClientFormValues, 'wordpress_app_password' | 'removePassword'>>) => void;
}) {
  const hint = (
    <>
      {WORDPRESS_FORM.passwordHint}
      {passwordSaved && !removePassword && <span className="block">{WORDPRESS_FORM.passwordSaved}</span>}
    </>
  );
  return (
    <FormField label="WordPress Application Password" htmlFor={id} hint={hint} className={className}>
      {removePassword ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-destructive/40 border-dashed bg-destructive/5 px-3 py-2 text-sm">
          <span id={id} className="text-destructive">
            {WORDPRESS_FORM.passwordWillBeRemoved}
          </span>
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange({ removePassword: false })}>
            <Undo2 />
            {WORDPRESS_FORM.keepPassword}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <KeyRound
              className="pointer-events-none absolute top-2.5 left-3 size-4 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id={id}
              name="wordpress_app_password"
              type="password"
              autoComplete="new-password"
              className="pl-9"
              value={value}
              placeholder={passwordSaved ? '•••• •••• •••• •••• (saved)' : 'xxxx xxxx xxxx xxxx xxxx xxxx'}
              onChange={(event) => onChange({ wordpress_app_password: event.target.value })}
            />
          </div>
          {passwordSaved && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="text-destructive"
              onClick={() => onChange({ removePassword: true, wordpress_app_password: '' })}
            >
              <X />
              {WORDPRESS_FORM.removePassword}
            </Button>
          )}
        </div>
      )}
    </FormField>
  );
}
