// The frame every card of Ajustes shares: a title, a hint saying what the fields do, the fields.
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function SettingsCard({
  testId,
  title,
  hint,
  children,
}: {
  testId: string;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <Card sx={{ mb: 2 }} data-testid={testId}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
