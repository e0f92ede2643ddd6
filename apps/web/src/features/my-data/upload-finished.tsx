import { Alert, Button, Stack, Text } from '@mantine/core';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { useImports } from './use-imports.ts';

/**
 * After the last byte: what became of the file, from the import itself. A file can
 * be refused once it is read to its end, so 'uploaded' is not yet 'imported': the box says which,
 * in its color, and polls (useImports) while reading goes on.
 */
export function UploadFinished({
  fileName,
  importId,
  onAnother,
}: {
  fileName: string;
  importId: string | null;
  onAnother: () => void;
}) {
  const imports = useImports();
  const found = imports.data?.imports.find((item) => item.id === importId);
  const another = (
    <Button variant="default" onClick={onAnother}>
      Import another file
    </Button>
  );
  const importsLink = <AnchorLink to="/my-data/imports">imports page</AnchorLink>;

  if (found?.state === 'failed') {
    return (
      <Alert color="red" title="The file was not imported" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>
            {fileName} was uploaded, but it could not be read:{' '}
            {found.error ?? 'no reason was given.'}
          </Text>
          {another}
        </Stack>
      </Alert>
    );
  }
  if (found?.state === 'done') {
    return (
      <Alert color="green" title="Imported" role="status">
        <Stack gap="sm" align="flex-start">
          <Text>
            {fileName} is imported. The {importsLink} shows what was found.
          </Text>
          {another}
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="blue" title="Uploaded: reading it" role="status">
      <Stack gap="sm" align="flex-start">
        <Text>
          {fileName} is uploaded and is being read; this box says when it is done. The {importsLink}{' '}
          shows how far reading has got.
        </Text>
        {another}
      </Stack>
    </Alert>
  );
}
