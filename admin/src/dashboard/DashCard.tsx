import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The frame every dashboard card shares. */
export function DashCard({
  title,
  children,
  icon,
}: {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
        >
          {icon}
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
