# The commands the README names. Each installs Graphviz first if it is missing.
.PHONY: diagrams test benchmarks check-diagrams graphviz format

graphviz:
	@Scripts/install-graphviz.sh

## Render every example system into Diagrams/ (svg, png, pdf, dot, mmd, json + index.html).
diagrams: graphviz
	swift run diagram

## Run the whole test suite.
test: graphviz
	swift test

## Print the benchmark table (release build).
benchmarks: graphviz
	swift run -c release benchmarks

## Fail when the committed diagrams in Diagrams/ are stale.
check-diagrams: graphviz
	swift run diagram check

format:
	swift format --in-place --recursive Sources Tests Benchmarks
