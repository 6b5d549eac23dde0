/** The file space: browser, picker, upload and a file-url form field, for any screen. */
export { default as SpaceBrowser, type SpaceBrowserProps, type SpaceSelection } from './SpaceBrowser';
export { default as SpacePicker, type SpacePickerProps } from './SpacePicker';
export { default as SpaceUpload, type SpaceUploadProps } from './SpaceUpload';
export { default as FileInput, type FileInputProps } from './FileInput';
export { default as FileCard } from './FileCard';
export { uploadFile, UPLOAD_LIMITS, type SpaceFile, type FileScope } from './upload';
export { kindOf, extensionOf, formatSize, KindIcon, FILE_KINDS, type FileKind } from './file-kind';
export { copyText, absoluteUrl } from './copy';
