#!/usr/bin/env bash
# Installs TestSupportKit's Xcode file templates. From a checkout: bash Docs/XcodeTemplates/install.sh
# They appear in Xcode under File > New > File… > TestSupportKit. Set XCODE_TEMPLATES_DIR to
# install somewhere else.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
destination=${XCODE_TEMPLATES_DIR:-"$HOME/Library/Developer/Xcode/Templates/File Templates/TestSupportKit"}
mkdir -p "$destination"
for folder in "$here"/*.xctemplate; do
    name=$(basename "$folder")
    source_template="$here/../Templates/$(cat "$folder/source")"
    mkdir -p "$destination/$name"
    cp "$folder/TemplateInfo.plist" "$destination/$name/TemplateInfo.plist"
    cp "$source_template" "$destination/$name/___FILEBASENAME___.swift"
    echo "installed $name"
done
echo "Xcode templates are in $destination"
