import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';

/** A checkbox (or, with `asSwitch`, a switch) with its label beside it. */
export function CheckField({
  id,
  label,
  checked,
  onChange,
  disabled,
  hint,
  asSwitch = false,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  hint?: ReactNode;
  asSwitch?: boolean;
}) {
  const control = asSwitch ? (
    <Switch id={id} checked={checked} onCheckedChange={onChange} disabled={disabled} />
  ) : (
    <Checkbox
      id={id}
      checked={checked}
      onCheckedChange={(state) => onChange(state === true)}
      disabled={disabled}
    />
  );
  return (
    <div className="grid gap-1">
      <div className="flex items-center gap-2">
        {control}
        <Label htmlFor={id} className="font-normal leading-snug">
          {label}
        </Label>
      </div>
      {hint && <p className="pl-6 text-muted-foreground text-xs">{hint}</p>}
    </div>
  );
}
