/**
 * QR codes of a charge point's connectors, one each, to print and stick on the gun.
 *
 * Content: `{chargePointId}-{connectorNo}`, e.g. `CP-0001-2`. It is what the driver app scans to start a
 * session: the charge point id is the pile's OCPP identity (unique on the platform) and the gun number the
 * OCPP connectorId / evseId, so the pair names one connector everywhere. The number is the digits after the
 * last '-', so ids that contain '-' themselves still split unambiguously. No URL is encoded: the app's
 * domain is not the console's, and a bare identifier survives a change of either.
 */
import { Box, Button, Card, Dialog, Image, Portal, SimpleGrid, Spinner, Text } from '@chakra-ui/react';
import { EmptyState } from '@web/components/ui/state-views.tsx';
import { showMessage } from '@web/components/ui/toaster.tsx';
import { useTr } from '@web/resources/i18n.ts';
import type { RowDialogProps } from '@web/resources/types.ts';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export const qrContent = (chargePointId: string, connectorNo: number | string) =>
  `${chargePointId}-${connectorNo}`;

function QrImage(props: { content: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(props.content, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then(
      (text) => live && setSvg(text),
      () => live && setSvg(''),
    );
    return () => {
      live = false;
    };
  }, [props.content]);
  if (svg === null) return <Spinner size="sm" />;
  return (
    <Image
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={props.alt}
      w="40"
      h="40"
      data-content={props.content}
    />
  );
}

async function downloadPng(content: string) {
  const href = await QRCode.toDataURL(content, { width: 512, margin: 2, errorCorrectionLevel: 'M' });
  const link = document.createElement('a');
  link.href = href;
  link.download = `${content}.png`;
  link.click();
}

export function QrCodesDialog(props: RowDialogProps) {
  const tr = useTr();
  const chargePointId = String(props.row.chargePointId ?? props.row.id ?? '');
  const source = Array.isArray(props.row.connectorStates) ? props.row.connectorStates : props.row.connectors;
  const connectors = (Array.isArray(source) ? source : []) as { connectorNo: number; name?: string }[];
  return (
    <Dialog.Root
      // Named by its title from the first render, before Chakra links the title (aria-labelledby).
      aria-label={tr('siteConsole.qr.title', { name: String(props.row.name ?? chargePointId) })}
      open
      size="lg"
      onOpenChange={(e) => (e.open ? undefined : props.onClose())}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                {tr('siteConsole.qr.title', { name: String(props.row.name ?? chargePointId) })}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontSize="sm" color="fg.muted" mb="4">
                {tr('siteConsole.qr.help')}
              </Text>
              {connectors.length === 0 ? <EmptyState title={tr('siteConsole.qr.none')} /> : null}
              <SimpleGrid columns={{ base: 1, sm: 2, md: 3 }} gap="4">
                {connectors.map((c) => {
                  const content = qrContent(chargePointId, c.connectorNo);
                  const label = tr('siteConsole.common.connectorNo', { no: c.connectorNo });
                  return (
                    <Card.Root key={c.connectorNo} size="sm" role="group" aria-label={label}>
                      <Card.Body alignItems="center" gap="2">
                        <Text fontWeight="semibold">
                          {label}
                          {c.name ? ` · ${c.name}` : ''}
                        </Text>
                        <Box>
                          <QrImage content={content} alt={tr('siteConsole.qr.alt', { content })} />
                        </Box>
                        <Text fontFamily="mono" fontSize="sm">
                          {content}
                        </Text>
                        <Button
                          size="xs"
                          variant="outline"
                          aria-label={tr('siteConsole.qr.downloadOf', { content })}
                          onClick={() =>
                            void downloadPng(content).catch(() =>
                              showMessage('error', tr('siteConsole.qr.downloadFailed')),
                            )
                          }
                        >
                          {tr('siteConsole.qr.download')}
                        </Button>
                      </Card.Body>
                    </Card.Root>
                  );
                })}
              </SimpleGrid>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={props.onClose}>{tr('admin.common.close')}</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
