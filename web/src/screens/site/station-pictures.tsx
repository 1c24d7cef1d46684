/**
 * Station pictures (Pro, code 2105): JPG or PNG only, at most STATION_IMAGES_MAX, uploaded one by one to
 * `/biz/station/upload` (the answer is the picture's key, kept on the station), shown as thumbnails read
 * with the session's token, each with a remove button.
 */
import { API } from '@shared/api/paths.ts';
import { Box, Button, Field, HStack, Image, Input, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import {
  STATION_IMAGE_MAX_BYTES,
  STATION_IMAGE_TYPES,
  STATION_IMAGES_MAX,
} from '@shared/resources/site/station.ts';
import { request } from '@web/lib/api.ts';
import { errorMessage } from '@web/resources/api.ts';
import { useTr } from '@web/resources/i18n.ts';
import { useState } from 'react';
import { useImageSrc } from '@web/resources/decls/site/common.tsx';

/** Why a chosen file cannot be uploaded (an i18n key), or null. */
export function pictureProblem(file: File): string | null {
  if (!(STATION_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'siteRes.server.imageType';
  if (file.size === 0) return 'siteRes.server.imageOneFile';
  if (file.size > STATION_IMAGE_MAX_BYTES) return 'siteRes.server.imageTooLarge';
  return null;
}

export function Thumbnail(props: { imageKey: string; alt: string; size?: string }) {
  const tr = useTr();
  const { src, failed } = useImageSrc(props.imageKey);
  const size = props.size ?? '24';
  return (
    <Box
      w={size}
      h={size}
      borderWidth="1px"
      rounded="l2"
      overflow="hidden"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="bg.muted"
    >
      {src ? (
        <Image src={src} alt={props.alt} objectFit="cover" w="full" h="full" />
      ) : failed ? (
        <Text fontSize="xs" color="fg.muted" textAlign="center" p="1">
          {tr('siteConsole.station.imageFailed')}
        </Text>
      ) : (
        <Spinner size="sm" />
      )}
    </Box>
  );
}

export function StationPictures(props: {
  images: string[];
  onChange: (images: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const tr = useTr();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const full = props.images.length >= STATION_IMAGES_MAX;

  const upload = async (files: File[]) => {
    setProblem('');
    const room = STATION_IMAGES_MAX - props.images.length;
    if (files.length > room) return setProblem(tr('siteRes.validation.tooManyImages'));
    for (const file of files) {
      const refusal = pictureProblem(file);
      if (refusal) return setProblem(`${file.name}: ${tr(refusal)}`);
    }
    setBusy(true);
    const added: string[] = [];
    try {
      for (const file of files) {
        const form = new FormData();
        form.set('file', file, file.name);
        const answer = await request<{ key: string }>(API.biz.station.upload, { body: form, silent: true });
        if (answer.code !== 0 || !answer.data?.key) {
          setProblem(`${file.name}: ${answer.msg ? tr(answer.msg) : tr('siteConsole.station.uploadFailed')}`);
          break;
        }
        added.push(answer.data.key);
      }
    } catch (error) {
      setProblem(errorMessage(tr, error));
    } finally {
      if (added.length) props.onChange([...props.images, ...added]);
      setBusy(false);
    }
  };

  return (
    <Field.Root invalid={Boolean(problem || props.error)} disabled={props.disabled || busy}>
      <Field.Label>{tr('siteConsole.station.images')}</Field.Label>
      <Stack gap="3" w="full">
        {props.images.length ? (
          <Wrap gap="3" as="ul" listStyleType="none" aria-label={tr('siteConsole.station.images')}>
            {props.images.map((key, index) => (
              <Stack as="li" key={key} gap="1" align="center">
                <Thumbnail imageKey={key} alt={tr('siteConsole.station.imageAlt', { n: index + 1 })} />
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  disabled={props.disabled || busy}
                  onClick={() => props.onChange(props.images.filter((k) => k !== key))}
                >
                  {tr('siteConsole.station.removeImage', { n: index + 1 })}
                </Button>
              </Stack>
            ))}
          </Wrap>
        ) : (
          <Text color="fg.muted" fontSize="sm">
            {tr('siteConsole.station.noImages')}
          </Text>
        )}
        <HStack>
          <Input
            type="file"
            accept={STATION_IMAGE_TYPES.join(',')}
            multiple
            p="1"
            aria-label={tr('siteConsole.station.chooseImages')}
            disabled={props.disabled || busy || full}
            onChange={(e) => {
              const files = Array.from(e.currentTarget.files ?? []);
              e.currentTarget.value = '';
              if (files.length) void upload(files);
            }}
          />
          {busy ? <Spinner size="sm" aria-label={tr('siteConsole.station.uploading')} /> : null}
        </HStack>
      </Stack>
      <Field.HelperText>{tr('siteConsole.station.imagesHelp', { max: STATION_IMAGES_MAX })}</Field.HelperText>
      {problem || props.error ? (
        <Field.ErrorText>{problem || (props.error ? tr(props.error) : '')}</Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
