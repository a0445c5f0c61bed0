/** 'yyyy-MM-dd' → 'dd/MM', the chart's short Spanish day label. */
export function chartDayLabel(isoDay: string): string {
  const [, month, day] = isoDay.split('-');
  return day && month ? `${day}/${month}` : isoDay;
}
